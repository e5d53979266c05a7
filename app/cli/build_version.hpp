// The project's version and the commit of the source tree it was built from (`git describe
// --always --dirty` at build time, "unknown" outside a git checkout). Defined in a source file
// that app/cli/build_version.cmake writes on every build, only when the commit changed.
#pragma once

namespace articulab::cli {

const char* articulabVersion();
const char* articulabCommit();

}  // namespace articulab::cli

#include "app/cli/last_resort.hpp"

#include <new>

#include "app/cli/commands.hpp"
#include "engine/io/scene_error.hpp"

namespace articulab::cli {

int runGuarded(const std::function<int()>& command, std::ostream& err) {
  try {
    return command();
  } catch (const SceneError& e) {
    err << "scene error: " << e.what() << '\n';
    return kExitBadScene;
  } catch (const CannotRunError& e) {
    err << "articulab: " << e.what() << '\n';
    return kExitBadCommand;
  } catch (const UsageError& e) {
    err << "articulab: " << e.what() << "\n(run 'articulab --help' for usage)\n";
    return kExitBadCommand;
  } catch (const std::bad_alloc&) {
    err << "articulab: out of memory: the model needs more memory than this machine has; try a smaller model "
           "(--set), an O(n) back-end or integrator (articulab describe SCENE says which fit)\n";
    return kExitOutOfMemory;
  } catch (const std::exception& e) {
    err << "articulab: internal error: " << e.what() << " (please report it with the command line)\n";
    return kExitInternalError;
  } catch (...) {
    err << "articulab: internal error: an unknown exception (please report it with the command line)\n";
    return kExitInternalError;
  }
}

}  // namespace articulab::cli

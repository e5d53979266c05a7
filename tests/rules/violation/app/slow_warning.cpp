// Fixture of the back-end name rule: a capability asked of a back-end's name.
bool isCubic(const char* backend) { return std::string(backend) == "alpha"; }

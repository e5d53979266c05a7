// Fixture of the include-rules test: an engine file including a graphics header.
#include <GLFW/glfw3.h>

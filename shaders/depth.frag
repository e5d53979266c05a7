#version 330 core
// Shadow-map pass: only depth is written.
void main() {}

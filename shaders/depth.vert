#version 330 core
// Shadow-map pass: positions in the light's clip space.
layout(location = 0) in vec3 aPosition;

uniform mat4 uModel;
uniform mat4 uLightViewProjection;

void main() { gl_Position = uLightViewProjection * uModel * vec4(aPosition, 1.0); }

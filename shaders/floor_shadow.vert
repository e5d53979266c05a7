#version 330 core
// Planar shadow: the body's triangles flattened onto the floor along the light direction
// (the cheap shadow of software OpenGL: no shadow map, no texture lookups).
layout(location = 0) in vec3 aPosition;

uniform mat4 uModel;
uniform mat4 uViewProjection;
uniform vec3 uTowardLight;   // unit vector towards the light, z > 0
uniform float uFloorHeight;  // m

void main() {
  vec3 p = vec3(uModel * vec4(aPosition, 1.0));
  p -= uTowardLight * (max(p.z - uFloorHeight, 0.0) / uTowardLight.z);
  p.z = uFloorHeight;
  gl_Position = uViewProjection * vec4(p, 1.0);
}

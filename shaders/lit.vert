#version 330 core
// Bodies and markers: world position, normal and shadow-map coordinates.
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;

uniform mat4 uModel;
uniform mat3 uNormalMatrix;  // inverse transpose of the model matrix (non-uniform scales)
uniform mat4 uViewProjection;
uniform mat4 uLightViewProjection;
uniform float uNormalOffset;  // world distance the shadow lookup moves along the normal

out vec3 vWorldPosition;
out vec3 vNormal;
out vec4 vLightClip;

void main() {
  vec4 world = uModel * vec4(aPosition, 1.0);
  vWorldPosition = world.xyz;
  vNormal = normalize(uNormalMatrix * aNormal);
  // Normal-offset shadow lookup keeps lit surfaces free of self-shadowing stripes.
  vLightClip = uLightViewProjection * vec4(world.xyz + uNormalOffset * vNormal, 1.0);
  gl_Position = uViewProjection * world;
}

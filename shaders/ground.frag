#version 330 core
// The ground: the colour ground.vert computed, with SHADOWS the sun scaled by the shadow map.
out vec4 fragColor;

#ifdef SHADOWS
in vec3 vColor;
in vec3 vSun;
in float vFog;
in vec4 vLightClip;
uniform vec3 uFogColor;

float shadowFactor(vec4 lightClip);  // shadow.glsl

void main() {
  vec3 color = mix(vColor + vSun * shadowFactor(vLightClip), uFogColor * uFogColor, vFog);
  fragColor = vec4(sqrt(color), 1.0);
}
#else
in vec3 vColor;

void main() { fragColor = vec4(vColor, 1.0); }
#endif

#version 330 core
// Blinn-Phong shading of bodies and markers with one directional light, hemisphere ambient and
// distance fog. Built twice by the renderer: with SHADOWS defined it samples the shadow map
// (shadow.glsl); without, no texture is read.
// Colours given as uniforms are display colours; lighting is done in linear space, with a
// gamma of 2 (square and square root) instead of pow, which is costly on software rasterisers.
in vec3 vWorldPosition;
in vec3 vNormal;
in vec4 vLightClip;

uniform vec3 uColor;
uniform vec3 uEye;
uniform vec3 uTowardLight;  // unit vector towards the light
uniform vec3 uFogColor;
uniform float uFogStart;  // distance from the eye, m
uniform float uFogEnd;
uniform float uAlpha;  // 1 for bodies; below 1 for a comparison run's translucent ghost

out vec4 fragColor;

float shadowFactor(vec4 lightClip);  // shadow.glsl

vec3 toLinear(vec3 c) { return c * c; }

void main() {
  vec3 n = normalize(vNormal);
  if (!gl_FrontFacing) n = -n;
  vec3 albedo = toLinear(uColor);
  vec3 toEye = uEye - vWorldPosition;
  vec3 V = normalize(toEye);
  vec3 L = normalize(uTowardLight);
  vec3 H = normalize(L + V);
  float shadow = shadowFactor(vLightClip);
  vec3 ambient = mix(vec3(0.16, 0.15, 0.14), vec3(0.34, 0.37, 0.43), 0.5 + 0.5 * n.z);
  vec3 color = albedo * ambient;
  color += albedo * vec3(1.0, 0.97, 0.92) * 0.85 * max(dot(n, L), 0.0) * shadow;
  color += albedo * 0.10 * max(dot(n, V), 0.0);
  float specular = max(dot(n, H), 0.0);
  for (int k = 0; k < 6; ++k) specular *= specular;  // ^64 by squaring, cheaper than pow
  color += vec3(0.35) * specular * shadow;
  float fog = smoothstep(uFogStart, uFogEnd, length(toEye));
  color = mix(color, toLinear(uFogColor), fog);
  fragColor = vec4(sqrt(color), uAlpha);
}

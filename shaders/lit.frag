#version 330 core
// Blinn-Phong shading with one directional light, hemisphere ambient, an optional procedural
// ground grid and distance fog. Built twice by the renderer: with SHADOWS defined it samples the
// shadow map (4 bilinear depth-compare taps, percentage-closer filtering); without, no texture
// is read at all (software rasterisers run both sides of a branch).
// Colours given as uniforms are display colours; lighting is done in linear space, with a
// gamma of 2 (square and square root) instead of pow, which is costly on software rasterisers.
in vec3 vWorldPosition;
in vec3 vNormal;
in vec4 vLightClip;

uniform vec3 uColor;
uniform vec3 uEye;
uniform vec3 uTowardLight;  // unit vector towards the light
uniform sampler2DShadow uShadowMap;
uniform float uShadowTexel;  // 1 / shadow map size
uniform float uShadowBias;   // in light depth units [0, 1]
uniform int uGrid;           // 1: this is the ground plane z = 0
uniform float uGridMinor;    // grid spacing, m
uniform float uGridMajor;
uniform vec3 uFogColor;
uniform float uFogStart;  // distance from the eye, m
uniform float uFogEnd;

out vec4 fragColor;

vec3 toLinear(vec3 c) { return c * c; }

float shadowFactor() {
#ifdef SHADOWS
  vec3 p = vLightClip.xyz / vLightClip.w * 0.5 + 0.5;
  if (p.z > 1.0) return 1.0;
  float z = p.z - uShadowBias;
  float lit = texture(uShadowMap, vec3(p.xy + vec2(-0.75, -0.25) * uShadowTexel, z));
  lit += texture(uShadowMap, vec3(p.xy + vec2(0.25, -0.75) * uShadowTexel, z));
  lit += texture(uShadowMap, vec3(p.xy + vec2(0.75, 0.25) * uShadowTexel, z));
  lit += texture(uShadowMap, vec3(p.xy + vec2(-0.25, 0.75) * uShadowTexel, z));
  return 0.25 * lit;
#else
  return 1.0;
#endif
}

// Anti-aliased grid lines of the given spacing: 1 on a line, 0 between; fades out where the
// cells get smaller than a few pixels. pixel = fwidth(p), shared by every call (derivatives are
// the costly part on software rasterisers).
float gridLines(vec2 p, vec2 pixel, float spacing) {
  vec2 cell = p / spacing;
  vec2 perPixel = max(pixel / spacing, vec2(1e-6));
  vec2 d = abs(fract(cell - 0.5) - 0.5) / perPixel;
  float line = 1.0 - min(min(d.x, d.y), 1.0);
  return line * (1.0 - smoothstep(0.12, 0.3, max(perPixel.x, perPixel.y)));
}

vec3 groundAlbedo(vec2 p) {
  vec2 pixel = max(fwidth(p), vec2(1e-6));
  vec3 albedo = toLinear(vec3(0.80, 0.80, 0.78));
  albedo = mix(albedo, toLinear(vec3(0.64, 0.64, 0.63)), gridLines(p, pixel, uGridMinor));
  albedo = mix(albedo, toLinear(vec3(0.45, 0.45, 0.45)), gridLines(p, pixel, uGridMajor));
  vec2 axisWidth = abs(p) / pixel;
  albedo = mix(albedo, toLinear(vec3(0.80, 0.30, 0.30)), 1.0 - min(axisWidth.y / 1.5, 1.0));
  albedo = mix(albedo, toLinear(vec3(0.30, 0.65, 0.30)), 1.0 - min(axisWidth.x / 1.5, 1.0));
  return albedo;
}

void main() {
  vec3 n = normalize(vNormal);
  if (!gl_FrontFacing) n = -n;
  vec3 albedo = toLinear(uColor);
  float shininess = 0.35;
  if (uGrid == 1) {
    n = vec3(0.0, 0.0, 1.0);
    albedo = groundAlbedo(vWorldPosition.xy);
    shininess = 0.0;
  }
  vec3 toEye = uEye - vWorldPosition;
  vec3 V = normalize(toEye);
  vec3 L = normalize(uTowardLight);
  vec3 H = normalize(L + V);
  float shadow = shadowFactor();
  vec3 ambient = mix(vec3(0.16, 0.15, 0.14), vec3(0.34, 0.37, 0.43), 0.5 + 0.5 * n.z);
  vec3 color = albedo * ambient;
  color += albedo * vec3(1.0, 0.97, 0.92) * 0.85 * max(dot(n, L), 0.0) * shadow;
  color += albedo * 0.10 * max(dot(n, V), 0.0);
  float specular = max(dot(n, H), 0.0);
  for (int k = 0; k < 6; ++k) specular *= specular;  // ^64 by squaring, cheaper than pow
  color += vec3(shininess) * specular * shadow;
  float fog = smoothstep(uFogStart, uFogEnd, length(toEye));
  color = mix(color, toLinear(uFogColor), fog);
  fragColor = vec4(sqrt(color), 1.0);
}

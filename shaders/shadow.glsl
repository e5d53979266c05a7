// Shadow-map lookup shared by lit.frag and ground.frag (the renderer appends this file to them):
// 4 bilinear depth-compare taps, percentage-closer filtering. Without SHADOWS no texture is read
// at all (software rasterisers run both sides of a branch).
#ifdef SHADOWS
uniform sampler2DShadow uShadowMap;
uniform float uShadowTexel;  // 1 / shadow map size
uniform float uShadowBias;   // in light depth units [0, 1]

float shadowFactor(vec4 lightClip) {
  vec3 p = lightClip.xyz / lightClip.w * 0.5 + 0.5;
  if (p.z > 1.0) return 1.0;
  float z = p.z - uShadowBias;
  float lit = texture(uShadowMap, vec3(p.xy + vec2(-0.75, -0.25) * uShadowTexel, z));
  lit += texture(uShadowMap, vec3(p.xy + vec2(0.25, -0.75) * uShadowTexel, z));
  lit += texture(uShadowMap, vec3(p.xy + vec2(0.75, 0.25) * uShadowTexel, z));
  lit += texture(uShadowMap, vec3(p.xy + vec2(-0.25, 0.75) * uShadowTexel, z));
  return 0.25 * lit;
}
#else
float shadowFactor(vec4 lightClip) { return 1.0; }
#endif

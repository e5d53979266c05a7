// Shadow-map lookup shared by lit.frag and ground.frag (the renderer appends this file to them):
// one bilinear depth-compare tap (the sampler's linear filter compares the 4 nearest texels:
// percentage-closer filtering at a quarter of the cost of 4 taps on a software rasteriser).
// Without SHADOWS no texture is read at all (software rasterisers run both sides of a branch).
#ifdef SHADOWS
uniform sampler2DShadow uShadowMap;
uniform float uShadowBias;   // in light depth units [0, 1]

float shadowFactor(vec4 lightClip) {
  vec3 p = lightClip.xyz / lightClip.w * 0.5 + 0.5;
  if (p.z > 1.0) return 1.0;
  return texture(uShadowMap, vec3(p.xy, p.z - uShadowBias));
}
#else
float shadowFactor(vec4 lightClip) { return 1.0; }
#endif

#version 330 core
// The ground z = 0 (render/ground_geometry.hpp): fill, grid lines and axes. Lighting (the same
// as lit.frag's for the normal +z, without specular), fog and the fade of grid lines whose cells
// get narrower than a few pixels are all computed here, per vertex, so that a ground fragment
// costs one interpolated colour. With SHADOWS the sun's part is kept apart for the fragment
// shader to scale by the shadow map.
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aColor;     // display colour
layout(location = 2) in float aSpacing;  // grid spacing of a grid line, m; 0: never fades

uniform mat4 uViewProjection;
uniform mat4 uLightViewProjection;
uniform float uNormalOffset;  // world distance the shadow lookup moves along the normal
uniform vec3 uEye;
uniform float uFloorHeight;  // z of the floor, m; the geometry is built on z = 0
uniform vec3 uTowardLight;  // unit vector towards the light
uniform vec3 uGroundColor;  // display colour of the bare ground, which grid lines fade to
uniform float uPixelAngle;  // view angle of one pixel, rad
uniform float uGridFadeStart, uGridFadeEnd;  // spacings per pixel
uniform vec2 uPixelShift;   // screen offset, normalised device coordinates
uniform vec3 uFogColor;
uniform float uFogStart;  // distance from the eye, m
uniform float uFogEnd;

#ifdef SHADOWS
out vec3 vColor;  // linear light without the sun
out vec3 vSun;    // linear light of the sun, unshadowed
out float vFog;
out vec4 vLightClip;
#else
out vec3 vColor;  // display colour
#endif

vec3 toLinear(vec3 c) { return c * c; }

// Grid spacings per pixel along the view: pixel footprint dist * uPixelAngle stretched by
// 1 / sin(elevation) = dist / |eye z|.
float gridVisibility(float dist) {
  if (aSpacing <= 0.0) return 1.0;
  float perPixel = dist * dist * uPixelAngle / (max(abs(uEye.z - uFloorHeight), 1e-6) * aSpacing);
  return 1.0 - smoothstep(uGridFadeStart, uGridFadeEnd, perPixel);
}

void main() {
  vec3 world = aPosition + vec3(0.0, 0.0, uFloorHeight);
  vec3 toEye = uEye - world;
  float dist = length(toEye);
  vec3 albedo = mix(toLinear(uGroundColor), toLinear(aColor), gridVisibility(dist));
  vec3 light = albedo * (vec3(0.34, 0.37, 0.43) + 0.10 * max(toEye.z / max(dist, 1e-6), 0.0));
  vec3 sun = albedo * vec3(1.0, 0.97, 0.92) * 0.85 * max(normalize(uTowardLight).z, 0.0);
  float fog = smoothstep(uFogStart, uFogEnd, dist);
#ifdef SHADOWS
  vColor = light;
  vSun = sun;
  vFog = fog;
  vLightClip = uLightViewProjection * vec4(world + vec3(0.0, 0.0, uNormalOffset), 1.0);
#else
  vColor = sqrt(mix(light + sun, toLinear(uFogColor), fog));
#endif
  gl_Position = uViewProjection * vec4(world, 1.0);
  gl_Position.xy += uPixelShift * gl_Position.w;
}

#version 330 core
// Planar shadow: one translucent dark colour, blended once per pixel (stencil).
uniform vec3 uShadowColor;
uniform float uShadowAlpha;

out vec4 fragColor;

void main() { fragColor = vec4(uShadowColor, uShadowAlpha); }

#version 150
// Unlit overlays: vertex colour times colour scale, optionally times a texture (3D text).
uniform vec4 p3d_ColorScale;
uniform sampler2D p3d_Texture0;
uniform float flat_textured;  // 0: colour only, 1: alpha from the texture (text), 2: colour x texture
in vec4 v_color;
in vec2 v_uv;
out vec4 frag;
void main() {
    vec4 c = v_color * p3d_ColorScale;
    if (flat_textured > 1.5) {
        c *= texture(p3d_Texture0, v_uv);
    } else if (flat_textured > 0.5) {
        c.a *= texture(p3d_Texture0, v_uv).a;  // glyph textures are alpha-only
    }
    frag = c;
}

#version 150
uniform sampler2D p3d_Texture0;
uniform vec4 p3d_ColorScale;
in vec4 v_color;
in vec2 v_uv;
out vec4 frag;
void main() {
    vec4 t = texture(p3d_Texture0, v_uv);
    frag = vec4(v_color.rgb, v_color.a * t.a) * p3d_ColorScale;
}

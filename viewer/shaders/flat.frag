#version 150
uniform vec4 p3d_ColorScale;
in vec4 v_color;
out vec4 frag;
void main() {
    frag = v_color * p3d_ColorScale;
}

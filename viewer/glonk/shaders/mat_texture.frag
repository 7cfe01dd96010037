#version 150
// The mat's picture (viewer.glonk.mat_picture): its texture as the camera sees it, unlit.
uniform sampler2D p3d_Texture0;
in vec2 v_uv;
out vec4 frag;
void main() {
    frag = vec4(texture(p3d_Texture0, v_uv).rgb, 1.0);
}

#version 150
// Shadow pass: depth only; the colour is never written.
out vec4 frag;
void main() {
    frag = vec4(1.0);
}

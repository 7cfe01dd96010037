#version 150
// The Galaxy mat: a flat, matte, textured plane. Its normal is +z everywhere, so the light
// it receives (but for shadows) is one colour, computed per vertex.
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelMatrix;
uniform mat4 shadow_vp;
uniform vec3 key_dir;
uniform vec3 key_color;
uniform vec3 fill_dir;
uniform vec3 fill_color;
uniform vec3 sky_color;
in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec4 p3d_Color;
in vec2 p3d_MultiTexCoord0;
out vec2 v_uv;
out vec4 v_shadow;
out vec3 v_ambient;   // light that shadows do not take away
out vec3 v_key;       // the key light, scaled by the shadow test per pixel
void main() {
    vec4 world = p3d_ModelMatrix * p3d_Vertex;
    vec3 n = normalize(mat3(p3d_ModelMatrix) * p3d_Normal);
    float ndl = max(dot(n, -key_dir), 0.0);
    v_ambient = p3d_Color.rgb * (sky_color + fill_color * max(dot(n, -fill_dir), 0.0));
    v_key = p3d_Color.rgb * key_color * ndl;
    v_uv = p3d_MultiTexCoord0;
    v_shadow = shadow_vp * world;
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
}

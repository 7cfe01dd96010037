#version 150
// One hardware-filtered shadow tap (the lit shader takes four): the mat is most of the
// picture, and under software GL its pixels are what a frame costs.
uniform sampler2D p3d_Texture0;
uniform sampler2DShadow shadow_map;
uniform vec2 shadow_bias;  // y: the depth bias the lighting sets (viewer.lighting)
in vec2 v_uv;
in vec4 v_shadow;
in vec3 v_ambient;
in vec3 v_key;
out vec4 frag;
void main() {
    vec3 sc = v_shadow.xyz / v_shadow.w;
    float sh = 1.0;
    if (sc.x > 0.0 && sc.x < 1.0 && sc.y > 0.0 && sc.y < 1.0 && sc.z < 1.0) {
        sh = texture(shadow_map, vec3(sc.xy, sc.z - shadow_bias.y));
    }
    vec3 tex = texture(p3d_Texture0, v_uv).rgb;
    frag = vec4(tex * (v_ambient + v_key * sh), 1.0);
}

#version 150
// The mat lit from its picture (viewer.glonk.mat_picture): the texture as sampled for this
// very pixel by the picture's pass, one texel fetch instead of a trilinear lookup; the light
// and the shadow as in mat.frag.
uniform sampler2D picture;
uniform sampler2DShadow shadow_map;
uniform vec2 shadow_bias;
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
    vec3 tex = texelFetch(picture, ivec2(gl_FragCoord.xy), 0).rgb;
    frag = vec4(tex * (v_ambient + v_key * sh), 1.0);
}

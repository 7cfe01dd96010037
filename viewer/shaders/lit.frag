#version 150
// Key light with a filtered shadow-map lookup, a fill light, a sky/ground ambient and Blinn specular.
uniform sampler2D p3d_Texture0;
uniform sampler2DShadow shadow_map;
uniform vec4 p3d_ColorScale;
uniform vec3 key_dir;       // direction the key light travels, world space, normalised
uniform vec3 key_color;
uniform vec3 fill_dir;
uniform vec3 fill_color;
uniform vec3 sky_color;
uniform vec3 ground_color;
uniform vec3 cam_pos;
uniform vec2 shadow_bias;   // y: how much nearer the light a surface counts (depth units)
uniform vec4 material;      // x: specular strength, y: shininess, z: textured, w: receives shadow

in vec3 v_world;
in vec3 v_normal;
in vec4 v_color;
in vec2 v_uv;
in vec4 v_shadow;

out vec4 frag;

float shadow_factor() {
    vec3 sc = v_shadow.xyz / v_shadow.w;
    if (sc.x <= 0.0 || sc.x >= 1.0 || sc.y <= 0.0 || sc.y >= 1.0 || sc.z >= 1.0) return 1.0;
    sc.z -= shadow_bias.y;
    // one tap: the depth texture's linear filter already blends a 2x2 comparison (PCF)
    return texture(shadow_map, sc);
}

void main() {
    vec4 base = v_color * p3d_ColorScale;
    if (material.z > 0.5) {
        base *= texture(p3d_Texture0, v_uv);
    }
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing) n = -n;
    vec3 L = -key_dir;
    float ndl = max(dot(n, L), 0.0);
    float sh = (material.w > 0.5 && ndl > 0.0) ? shadow_factor() : 1.0;
    float fill = max(dot(n, -fill_dir), 0.0);
    vec3 amb = mix(ground_color, sky_color, n.z * 0.5 + 0.5);
    float spec = 0.0;
    if (material.x > 0.0 && ndl > 0.0) {  // uniform branch: matte surfaces skip it
        vec3 V = normalize(cam_pos - v_world);
        vec3 H = normalize(L + V);
        spec = pow(max(dot(n, H), 0.0), material.y) * material.x;
    }
    vec3 lit = base.rgb * (amb + key_color * ndl * sh + fill_color * fill) + key_color * spec * sh;
    frag = vec4(lit, base.a);
}

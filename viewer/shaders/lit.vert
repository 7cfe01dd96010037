#version 150
// Flickbook lit shader: world-space lighting with one shadowed key light.
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelMatrix;
uniform mat4 shadow_vp;   // world -> shadow texture space (bias included)
uniform vec2 shadow_bias; // x: world offset along the normal for the lookup; y: depth bias

in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec4 p3d_Color;
in vec2 p3d_MultiTexCoord0;

out vec3 v_world;
out vec3 v_normal;
out vec4 v_color;
out vec2 v_uv;
out vec4 v_shadow;

void main() {
    vec4 world = p3d_ModelMatrix * p3d_Vertex;
    v_world = world.xyz;
    // Models carry no non-uniform scale, so the model matrix rotates normals correctly.
    v_normal = mat3(p3d_ModelMatrix) * p3d_Normal;
    v_color = p3d_Color;
    v_uv = p3d_MultiTexCoord0;
    v_shadow = shadow_vp * vec4(world.xyz + normalize(v_normal) * shadow_bias.x, 1.0);
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
}

"""The program's pictures: textures and the stickers' atlas, with where each comes from
(PROVENANCE.md). A package of data only, so that it ships in the wheel, the sdist and the desktop
bundles like the code; found through `flickbook.resources.asset(...)`."""

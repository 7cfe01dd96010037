"""Exit 1 unless every PNG given shows a scene: many colours, not an empty or failed frame."""
import sys

from panda3d.core import PNMImage

for name in sys.argv[1:]:
    img = PNMImage()
    if not img.read(name):
        sys.exit(f"{name}: not a readable image")
    colours = {tuple(round(c, 2) for c in img.getXel(x, y))
               for x in range(0, img.getXSize(), 7) for y in range(0, img.getYSize(), 7)}
    if len(colours) < 60:
        sys.exit(f"{name}: only {len(colours)} colours, not a rendered scene")
    print(f"{name}: {img.getXSize()}x{img.getYSize()}, {len(colours)} colours")

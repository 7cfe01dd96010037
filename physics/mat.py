"""Friction of a flat disc on the mat: sliding and spinning decay together (no Bullet).

A disc lying flat presses on the mat evenly over its face. Each patch of the face rubs with
Coulomb friction against its own velocity v + w x r, so the total force and torque depend on
the ratio of sliding speed V to rim speed W R (Farkas, Bartels, Unger and Wolf, "Frictional
coupling between sliding and spinning motion", PRL 90, 248302, 2003):

- the force is exactly opposite the velocity (the face is symmetric about the line of travel),
  so a spinning disc slides straight;
- its size is mu m g * slide(theta) and the torque's mu m g R * spin(theta), where
  theta = atan2(V, W R): slide runs from 0 (pure spin) to 1 (pure slide), spin from 2/3 to 0;
- a disc spinning in place (I = m R^2 / 2) stops after W R / ((4/3) mu g), a pure slide
  after V / (mu g) and V^2 / (2 mu g) of travel; together, both stop at the same moment.

`_SLIDE` and `_SPIN` are those two integrals over the unit disc at 257 equal steps of theta
from 0 to pi/2, written out (`friction_tables()` recomputes them; a test compares) so that
every machine steps the same numbers, bit for bit.
"""
from __future__ import annotations

import math

_SLIDE = (
    0.0000000, 0.0061360, 0.0122722, 0.0184090, 0.0245468, 0.0306857, 0.0368258, 0.0429678,
    0.0491121, 0.0552582, 0.0614075, 0.0675593, 0.0737140, 0.0798726, 0.0860353, 0.0922011,
    0.0983717, 0.1045474, 0.1107273, 0.1169124, 0.1231031, 0.1292996, 0.1355024, 0.1417115,
    0.1479273, 0.1541494, 0.1603785, 0.1666161, 0.1728614, 0.1791133, 0.1853753, 0.1916449,
    0.1979235, 0.2042119, 0.2105086, 0.2168163, 0.2231328, 0.2294603, 0.2357984, 0.2421464,
    0.2485073, 0.2548774, 0.2612608, 0.2676556, 0.2740615, 0.2804818, 0.2869134, 0.2933575,
    0.2998166, 0.3062879, 0.3127721, 0.3192720, 0.3257855, 0.3323122, 0.3388547, 0.3454126,
    0.3519840, 0.3585712, 0.3651751, 0.3717934, 0.3784272, 0.3850787, 0.3917456, 0.3984281,
    0.4051286, 0.4118456, 0.4185782, 0.4253294, 0.4320973, 0.4388814, 0.4456846, 0.4525040,
    0.4593409, 0.4661965, 0.4730679, 0.4799586, 0.4868656, 0.4937909, 0.5007334, 0.5076934,
    0.5146707, 0.5216653, 0.5286765, 0.5357054, 0.5427497, 0.5498116, 0.5568887, 0.5639815,
    0.5710903, 0.5782135, 0.5853507, 0.5925021, 0.5996669, 0.6068442, 0.6140331, 0.6212330,
    0.6284428, 0.6356618, 0.6428887, 0.6501223, 0.6573612, 0.6646042, 0.6718498, 0.6790960,
    0.6863409, 0.6935828, 0.7008190, 0.7080472, 0.7152650, 0.7224690, 0.7296561, 0.7368228,
    0.7439651, 0.7510787, 0.7581589, 0.7652002, 0.7721968, 0.7791421, 0.7860286, 0.7928480,
    0.7995907, 0.8062458, 0.8128005, 0.8192399, 0.8255459, 0.8316958, 0.8376601, 0.8433966,
    0.8488254, 0.8538106, 0.8584759, 0.8628929, 0.8670979, 0.8711157, 0.8749646, 0.8786594,
    0.8822124, 0.8856336, 0.8889321, 0.8921155, 0.8951907, 0.8981639, 0.9010406, 0.9038258,
    0.9065241, 0.9091397, 0.9116764, 0.9141378, 0.9165273, 0.9188478, 0.9211023, 0.9232934,
    0.9254237, 0.9274954, 0.9295109, 0.9314722, 0.9333812, 0.9352399, 0.9370500, 0.9388132,
    0.9405310, 0.9422049, 0.9438364, 0.9454268, 0.9469775, 0.9484896, 0.9499644, 0.9514029,
    0.9528063, 0.9541755, 0.9555115, 0.9568153, 0.9580878, 0.9593298, 0.9605422, 0.9617257,
    0.9628811, 0.9640092, 0.9651107, 0.9661861, 0.9672362, 0.9682616, 0.9692629, 0.9702407,
    0.9711954, 0.9721278, 0.9730382, 0.9739272, 0.9747952, 0.9756427, 0.9764702, 0.9772781,
    0.9780667, 0.9788366, 0.9795880, 0.9803214, 0.9810372, 0.9817355, 0.9824169, 0.9830816,
    0.9837299, 0.9843622, 0.9849787, 0.9855796, 0.9861654, 0.9867362, 0.9872923, 0.9878339,
    0.9883613, 0.9888747, 0.9893744, 0.9898604, 0.9903331, 0.9907927, 0.9912393, 0.9916731,
    0.9920943, 0.9925030, 0.9928995, 0.9932839, 0.9936564, 0.9940170, 0.9943660, 0.9947034,
    0.9950295, 0.9953443, 0.9956479, 0.9959405, 0.9962222, 0.9964931, 0.9967533, 0.9970029,
    0.9972419, 0.9974706, 0.9976889, 0.9978969, 0.9980948, 0.9982826, 0.9984603, 0.9986281,
    0.9987860, 0.9989340, 0.9990722, 0.9992006, 0.9993194, 0.9994285, 0.9995280, 0.9996179,
    0.9996982, 0.9997691, 0.9998304, 0.9998823, 0.9999247, 0.9999576, 0.9999812, 0.9999953,
    1.0000000,
)
_SPIN = (
    0.6666667, 0.6666478, 0.6665914, 0.6664972, 0.6663654, 0.6661958, 0.6659885, 0.6657434,
    0.6654605, 0.6651396, 0.6647808, 0.6643839, 0.6639489, 0.6634756, 0.6629639, 0.6624139,
    0.6618252, 0.6611978, 0.6605317, 0.6598265, 0.6590823, 0.6582987, 0.6574756, 0.6566129,
    0.6557103, 0.6547679, 0.6537852, 0.6527619, 0.6516979, 0.6505934, 0.6494473, 0.6482601,
    0.6470312, 0.6457603, 0.6444474, 0.6430918, 0.6416937, 0.6402524, 0.6387678, 0.6372396,
    0.6356670, 0.6340506, 0.6323890, 0.6306826, 0.6289309, 0.6271330, 0.6252892, 0.6233990,
    0.6214612, 0.6194765, 0.6174441, 0.6153630, 0.6132333, 0.6110550, 0.6088266, 0.6065480,
    0.6042194, 0.6018396, 0.5994079, 0.5969247, 0.5943891, 0.5917998, 0.5891573, 0.5864611,
    0.5837097, 0.5809033, 0.5780416, 0.5751230, 0.5721478, 0.5691157, 0.5660248, 0.5628759,
    0.5596679, 0.5563996, 0.5530719, 0.5496825, 0.5462324, 0.5427197, 0.5391447, 0.5355065,
    0.5318045, 0.5280381, 0.5242071, 0.5203103, 0.5163482, 0.5123190, 0.5082233, 0.5040603,
    0.4998290, 0.4955298, 0.4911621, 0.4867251, 0.4822188, 0.4776429, 0.4729973, 0.4682817,
    0.4634961, 0.4586405, 0.4537148, 0.4487192, 0.4436541, 0.4385197, 0.4333163, 0.4280448,
    0.4227060, 0.4173005, 0.4118298, 0.4062951, 0.4006979, 0.3950401, 0.3893240, 0.3835520,
    0.3777270, 0.3718524, 0.3659320, 0.3599702, 0.3539723, 0.3479440, 0.3418923, 0.3358249,
    0.3297513, 0.3236823, 0.3176306, 0.3116119, 0.3056450, 0.2997539, 0.2939699, 0.2883383,
    0.2829431, 0.2779275, 0.2731759, 0.2686214, 0.2642320, 0.2599862, 0.2558684, 0.2518666,
    0.2479707, 0.2441727, 0.2404656, 0.2368432, 0.2333002, 0.2298321, 0.2264346, 0.2231039,
    0.2198366, 0.2166295, 0.2134799, 0.2103851, 0.2073427, 0.2043504, 0.2014062, 0.1985080,
    0.1956541, 0.1928427, 0.1900722, 0.1873412, 0.1846482, 0.1819919, 0.1793709, 0.1767841,
    0.1742303, 0.1717084, 0.1692173, 0.1667562, 0.1643240, 0.1619199, 0.1595429, 0.1571922,
    0.1548671, 0.1525668, 0.1502906, 0.1480377, 0.1458074, 0.1435993, 0.1414125, 0.1392465,
    0.1371007, 0.1349745, 0.1328675, 0.1307791, 0.1287088, 0.1266560, 0.1246204, 0.1226014,
    0.1205987, 0.1186117, 0.1166401, 0.1146834, 0.1127413, 0.1108134, 0.1088993, 0.1069986,
    0.1051110, 0.1032362, 0.1013737, 0.0995234, 0.0976848, 0.0958577, 0.0940417, 0.0922366,
    0.0904421, 0.0886578, 0.0868836, 0.0851191, 0.0833641, 0.0816183, 0.0798815, 0.0781535,
    0.0764339, 0.0747225, 0.0730192, 0.0713236, 0.0696357, 0.0679550, 0.0662815, 0.0646150,
    0.0629551, 0.0613017, 0.0596547, 0.0580137, 0.0563787, 0.0547494, 0.0531256, 0.0515072,
    0.0498939, 0.0482856, 0.0466821, 0.0450833, 0.0434889, 0.0418988, 0.0403128, 0.0387307,
    0.0371524, 0.0355778, 0.0340065, 0.0324386, 0.0308738, 0.0293120, 0.0277530, 0.0261966,
    0.0246428, 0.0230913, 0.0215420, 0.0199948, 0.0184495, 0.0169059, 0.0153639, 0.0138234,
    0.0122842, 0.0107461, 0.0092091, 0.0076729, 0.0061375, 0.0046026, 0.0030682, 0.0015340,
    0.0000000,
)

_STEPS = len(_SLIDE) - 1
_PER_RADIAN = _STEPS / (math.pi / 2)


def slide_and_spin_factors(theta: float) -> tuple[float, float]:
    """(slide, spin) friction factors at theta = atan2(V, W R), linearly interpolated."""
    u = theta * _PER_RADIAN
    k = min(int(u), _STEPS - 1)
    a = u - k
    return (_SLIDE[k] + (_SLIDE[k + 1] - _SLIDE[k]) * a,
            _SPIN[k] + (_SPIN[k + 1] - _SPIN[k]) * a)


def slide_and_spin(speed: float, spin: float, radius: float, mu_g: float, dt: float,
                   _slide=_SLIDE, _spin=_SPIN, _per=_PER_RADIAN, _last=_STEPS - 1,
                   _atan2=math.atan2) -> tuple[float, float, float, float]:
    """One step of `dt` seconds of a flat disc on the mat.

    `speed` >= 0 (m/s) is the sliding speed, `spin` (rad/s, signed) the turn rate. Returns
    (new speed, new spin, distance slid, angle turned), integrated by the midpoint rule; a
    speed or spin that friction brings to zero within the step stops there (static friction
    holds it). The direction of sliding does not change.

    (The simulation's innermost function, called for every moving disc in every step:
    `slide_and_spin_factors` is written out here, the very same arithmetic.)
    """
    if speed <= 0.0 and spin == 0.0:
        return 0.0, 0.0, 0.0, 0.0
    w = abs(spin)
    # Deceleration of the slide (m/s^2) and of the spin (rad/s^2, I = m R^2 / 2).
    u = _atan2(speed, w * radius) * _per
    k = int(u)
    if k > _last:
        k = _last
    a = u - k
    f = _slide[k] + (_slide[k + 1] - _slide[k]) * a
    t = _spin[k] + (_spin[k + 1] - _spin[k]) * a
    half = 0.5 * dt
    sh = speed - mu_g * f * half
    if not sh > 0.0:
        sh = 0.0
    wh = w - 2.0 * mu_g / radius * t * half
    if not wh > 0.0:
        wh = 0.0
    if sh > 0.0 or wh > 0.0:
        u = _atan2(sh, wh * radius) * _per
        k = int(u)
        if k > _last:
            k = _last
        a = u - k
        f = _slide[k] + (_slide[k + 1] - _slide[k]) * a
        t = _spin[k] + (_spin[k + 1] - _spin[k]) * a
    dv = mu_g * f
    dw = 2.0 * mu_g / radius * t
    new_speed = speed - dv * dt
    if new_speed <= 0.0:
        slid = speed * speed / (2.0 * dv) if dv > 0.0 else speed * dt
        new_speed = 0.0
    else:
        slid = 0.5 * (speed + new_speed) * dt
    new_w = w - dw * dt
    if new_w <= 0.0:
        turned = w * w / (2.0 * dw) if dw > 0.0 else w * dt
        new_w = 0.0
    else:
        turned = 0.5 * (w + new_w) * dt
    if spin < 0.0:
        return new_speed, -new_w, slid, -turned
    return new_speed, new_w, slid, turned


def friction_tables(steps: int = 256, radial: int = 500, around: int = 1024
                    ) -> tuple[list[float], list[float]]:
    """Recompute (slide, spin) at steps + 1 values of theta by quadrature over the unit disc
    (Gauss-Legendre across the radius, midpoints around it). Needs numpy; slow (seconds)."""
    import numpy as np

    xr, wr = np.polynomial.legendre.leggauss(radial)
    r, wr = (xr + 1) / 2, wr / 2
    phi = (np.arange(around) + 0.5) * 2 * np.pi / around
    rr, pp = np.meshgrid(r, phi, indexing="ij")
    weight = (wr * r)[:, None] * (2 * np.pi / around) / np.pi
    x, y = rr * np.cos(pp), rr * np.sin(pp)
    slide, spin = [], []
    for theta in np.linspace(0, np.pi / 2, steps + 1):
        s, c = math.sin(theta), math.cos(theta)
        ux, uy = s - c * y, c * x  # velocity of each patch, in units of sqrt(V^2 + (W R)^2)
        norm = np.hypot(ux, uy)
        norm[norm == 0] = 1.0
        slide.append(float(np.sum(weight * ux / norm)))
        spin.append(float(np.sum(weight * (c * (x * x + y * y) - s * y) / norm)))
    return slide, spin

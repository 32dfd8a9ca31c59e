"""The app icon (resources/icons): the tugrik sign on the till's dark header colour, a QR finder corner
beside it. Run once when the design changes: `python scripts/make_icon.py`."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

import pos_app

SIZE = 1024
NAVY = (31, 41, 51, 255)        # the header bar's colour (ui/common/style.py)
AMBER = (240, 180, 41, 255)     # the training badge's
WHITE = (255, 255, 255, 255)


def draw() -> Image.Image:
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((40, 40, SIZE - 40, SIZE - 40), radius=190, fill=NAVY)
    # A QR finder pattern in the upper right: "this till takes QR payments".
    x, y, module = 640, 130, 36
    pen.rectangle((x, y, x + 7 * module, y + 7 * module), fill=WHITE)
    pen.rectangle((x + module, y + module, x + 6 * module, y + 6 * module), fill=NAVY)
    pen.rectangle((x + 2 * module, y + 2 * module, x + 5 * module, y + 5 * module), fill=AMBER)
    font = ImageFont.truetype(str(pos_app.RESOURCES / "fonts" / "DejaVuSans-Bold.ttf"), 700)
    pen.text((360, 600), "₮", font=font, fill=WHITE, anchor="mm")
    return image


def main() -> None:
    folder = pos_app.RESOURCES / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    icon = draw()
    icon.resize((256, 256), Image.Resampling.LANCZOS).save(folder / "pos-app.png", optimize=True)
    icon.save(folder / "pos-app.ico", sizes=[(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128),
                                             (256, 256)])
    icon.save(folder / "pos-app.icns")
    for path in sorted(Path(folder).iterdir()):
        print(path, path.stat().st_size)


if __name__ == "__main__":
    main()

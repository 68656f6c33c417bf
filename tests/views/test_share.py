"""The 'open on a phone' QR code encodes exactly the address, and only shareable ones are offered."""

import io

import zxingcpp
from PIL import Image

from views.share import public_url, qr_png, reachable_from_other_devices


def decode(png: bytes) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def test_the_qr_code_decodes_to_the_address():
    for url in ("http://192.168.1.20:8550/", "http://127.0.0.1:41234/"):
        assert decode(qr_png(url)) == [url]


def test_a_loopback_server_is_not_reachable_from_phones():
    assert not reachable_from_other_devices("http://127.0.0.1:8550/")
    assert not reachable_from_other_devices("http://localhost:8550/")
    assert reachable_from_other_devices("http://192.168.1.20:8550/")


def test_listening_everywhere_shares_a_real_address():
    url = public_url("0.0.0.0", 8550)
    assert url.startswith("http://") and url.endswith(":8550/") and "0.0.0.0" not in url
    assert public_url("127.0.0.1", 9000) == "http://127.0.0.1:9000/"

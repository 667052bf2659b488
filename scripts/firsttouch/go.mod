module github.com/ducklint/ducklint/scripts/firsttouch

go 1.26.0

class x ($Ateam) {}

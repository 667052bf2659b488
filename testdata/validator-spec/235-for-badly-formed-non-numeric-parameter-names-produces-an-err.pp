define x ($Ateam) {}

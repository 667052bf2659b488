define regexp {}

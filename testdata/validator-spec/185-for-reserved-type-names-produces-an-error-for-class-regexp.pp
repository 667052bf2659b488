class regexp {}

class runtime {}

define runtime {}

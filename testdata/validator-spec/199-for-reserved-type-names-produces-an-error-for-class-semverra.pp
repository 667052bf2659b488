class semverrange {}

define semverrange {}

define semver {}

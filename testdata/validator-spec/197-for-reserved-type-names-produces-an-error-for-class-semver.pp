class semver {}

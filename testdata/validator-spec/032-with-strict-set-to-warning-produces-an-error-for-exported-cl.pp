@@class { test: }

class { test: }

@@class { 'x': }

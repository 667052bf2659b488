$x = $facts['kernel'] ?
{
  'Linux' => 1,
  default => 2,
}

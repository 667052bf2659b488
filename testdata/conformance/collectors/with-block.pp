User <| title == 'bob' |> {
  shell  => '/bin/sh',
  groups +> ['x'],
}

user <| title == 'bob' |>

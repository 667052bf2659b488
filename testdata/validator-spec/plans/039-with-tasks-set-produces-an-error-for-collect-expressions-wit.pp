User <| title == 'admin' |>

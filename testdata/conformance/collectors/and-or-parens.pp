User <| title == 'bob' or (uid != 2 and groups == admin) |>

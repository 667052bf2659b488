User <| uid > 2 |>

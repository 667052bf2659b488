User <| title == 'bob'

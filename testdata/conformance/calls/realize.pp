realize User['x'], User['y']

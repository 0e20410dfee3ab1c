from pip import main

// An enum whose String method looks names up in a package-level map.
package main

import (
	"fmt"
	"sort"
)

type Suit int

const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

var suitNames = map[Suit]string{
	Spades:   "♠",
	Hearts:   "♥",
	Diamonds: "♦",
	Clubs:    "♣",
}

func (s Suit) String() string { return suitNames[s] }

type Card struct {
	Rank int
	Suit Suit
}

var rankNames = []string{1: "A", 11: "J", 12: "Q", 13: "K"}

func (c Card) String() string {
	r := fmt.Sprint(c.Rank)
	if c.Rank < len(rankNames) && rankNames[c.Rank] != "" {
		r = rankNames[c.Rank]
	}
	return r + c.Suit.String()
}

func main() {
	hand := []Card{{12, Hearts}, {1, Spades}, {7, Clubs}, {11, Hearts}, {10, Diamonds}}
	fmt.Println(hand)
	sort.Slice(hand, func(i, j int) bool {
		if hand[i].Suit != hand[j].Suit {
			return hand[i].Suit < hand[j].Suit
		}
		return hand[i].Rank < hand[j].Rank
	})
	fmt.Println(hand)
	bySuit := map[Suit]int{}
	for _, c := range hand {
		bySuit[c.Suit]++
	}
	fmt.Println(bySuit)
	fmt.Printf("%v %d %s\n", Hearts, Hearts, Clubs)
}

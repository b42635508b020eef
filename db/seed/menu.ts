/** A node of the mega-menu tree: top-level entries, their groups, and the groups' items. */
export interface MenuNode {
  title: string;
  children: MenuNode[];
}

const items = (...titles: string[]): MenuNode[] => titles.map((title) => ({ title, children: [] }));
const group = (title: string, ...titles: string[]): MenuNode => ({
  title,
  children: items(...titles),
});

/**
 * The mega-menu of spec section 2. Item titles are chosen so that the link rules of
 * domain/menu.ts lead to real listings (tests/api/megamenu.test.ts follows every link).
 */
export const MEGA_MENU: MenuNode[] = [
  {
    title: 'Stone Collection',
    children: [
      group(
        'Natural Stone Tiles',
        'Marble Tiles',
        'Limestone Tiles',
        'Travertine Tiles',
        'Slate Tiles',
        'Granite Tiles',
        'Stone Mosaic Tiles',
        'Stone Pavers',
        'Clay Brick Slips',
      ),
      group('Stone Slabs', 'Slabs', 'Bookmatch Slabs', 'Vanity Tops', 'Off-Cut Granite & Quartz'),
      group(
        'Stone Colours',
        'Whites',
        'Blacks',
        'Greys',
        'Beige & Browns',
        'Cream & Yellows',
        'Blue & Greens',
        'Red & Pinks',
        'Multi Colours',
      ),
      group(
        'Usage Areas',
        'Kitchen',
        'Kitchen Splashback',
        'Bathroom',
        'Bathroom Floor',
        'Living Room',
        'Living Room Floor',
        'Outdoor',
        'Pool',
        'Wet Room',
      ),
      group(
        'Stone Finishes',
        'Polished Shiny Smooth',
        'Honed Matt Smooth',
        'Brushed Rough Finish',
        'Split Face',
        'Tumbled Rough Edgy',
      ),
    ],
  },
  {
    title: 'Custom Stonework',
    children: [
      group(
        'Custom Stonework',
        'Mouldings and Skirtings',
        'Window Sills',
        'Stone Sinks',
        'Slate Hearths',
        'Table Tops',
      ),
    ],
  },
  {
    title: 'Design & Pattern Collection',
    children: [
      group(
        'Design Pattern Collection',
        'Chequerboard Tiles',
        'Maxi Chequerboard Tiles',
        'Herringbone Tiles',
        'Hexagon Tiles',
        'Metro Tiles',
        'Octagon Cabochon Tiles',
        'Triangle Tiles',
      ),
    ],
  },
  {
    title: 'Stone Project',
    children: [
      group('Stock Clearance', 'Stock Clearance', 'All Products'),
      group('Natural Stone Tiles', 'Tiling Products'),
      group('Project Help', 'Free Samples', 'Installation Advice'),
    ],
  },
];

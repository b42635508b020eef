/**
 * Seed blog posts about natural stone. Newest first.
 * Featured images are generated from `image` (material, colour, seed).
 */

export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  html: string;
  publishedAt: string /* ISO date */;
  image: { material: string; colour: string; seed: number };
}

export const POSTS: SeedPost[] = [
  {
    slug: 'how-much-tile-to-order',
    title: 'How Much Tile Should You Order? Measuring Up Without the Guesswork',
    excerpt:
      'Running short of stone halfway through a job can mean a mismatched batch. Here is how to measure your room, how much extra to allow and why spares matter.',
    publishedAt: '2026-11-10T09:00:00.000Z',
    image: { material: 'limestone', colour: 'beige-brown', seed: 1101 },
    html: `<p>Ordering the right quantity of stone is one of the most important parts of planning a tiling job, and one of the easiest to get wrong. Order too little and you may find that the next batch from the quarry is a slightly different shade. Order far too much and you have paid for boxes you do not need. A few minutes with a tape measure and a calculator avoids both problems.</p>
<h2>Measure in metres</h2>
<p>Measure the length and width of the floor in metres, to the nearest centimetre, and multiply them to get the area in square metres. A floor 3.6m long and 2.4m wide is 8.64 square metres. For walls, multiply the width by the height you intend to tile.</p>
<p>Few rooms are perfect rectangles. Divide L-shaped rooms and awkward spaces into rectangles, work out each one separately and add them together. For walls, subtract large areas you will not tile, such as doors and windows, but do not subtract small items like sockets or a toilet pan: you will lose that tile to cuts anyway.</p>
<h2>Add extra for cuts and breakages</h2>
<p>Once you have your area, add a percentage for waste:</p>
<ul>
<li><strong>10% extra</strong> for straight-laid tiles in a regular room.</li>
<li><strong>15% extra</strong> for herringbone, chevron and diagonal layouts, or rooms with many corners, pipes and angles.</li>
<li>Consider slightly more for large-format tiles in small rooms, where a single cut can waste most of a tile.</li>
</ul>
<p>So our 8.64 square metre floor becomes about 9.5 square metres with 10% added. On our product pages you can type in the area and the quantity box converts it into whole tiles, rounding up so you never fall short.</p>
<h2>Why spares are worth keeping</h2>
<p>Natural stone is not made to a colour recipe. Each batch is cut from a different part of the quarry, so colour and veining vary from one delivery to the next. If a tile cracks in five years' time, or you need to lift a few tiles to reach a pipe, a spare from the original batch will match far better than a new one. Keep one or two unopened boxes, labelled with the product name and batch number, somewhere dry.</p>
<h2>Do not forget the extras</h2>
<ul>
<li><strong>Skirting and mouldings:</strong> measure the perimeter in linear metres, minus door openings.</li>
<li><strong>Adhesive:</strong> roughly 4-5kg per square metre for a solid bed with back-buttering.</li>
<li><strong>Grout and sealer:</strong> quantities depend on tile size and joint width; our <a href="/adhevise-grout-advise">adhesive and grout advice</a> page has a formula.</li>
</ul>
<p>Still unsure? Send us a sketch of the room with measurements through our <a href="/contact-us">contact page</a> and we will work out the quantities for you.</p>`,
  },
  {
    slug: 'mosaic-splashbacks',
    title: 'Mosaic Splashbacks: Small Tiles, Big Impact',
    excerpt:
      'A stone mosaic splashback adds texture and craftsmanship to a kitchen or bathroom. We look at patterns, practicalities and how to keep one looking good.',
    publishedAt: '2026-10-20T09:00:00.000Z',
    image: { material: 'marble', colour: 'multi-colour', seed: 1020 },
    html: `<p>A splashback is one of the smallest areas you will tile, which makes it the perfect place to use something special. Natural stone mosaics bring pattern and texture that a plain sheet of glass or a painted wall cannot match, and because the area is small, even a premium mosaic rarely costs a fortune.</p>
<h2>Choosing a pattern</h2>
<p>Stone mosaics come mounted on mesh-backed sheets, usually around 300mm square, which makes them much quicker to fix than individual pieces. Popular designs include:</p>
<ul>
<li><strong>Square grids</strong> of small tiles, which feel classic and suit both traditional and modern kitchens.</li>
<li><strong>Herringbone and chevron</strong> mosaics, which add movement without the cutting of full-size herringbone.</li>
<li><strong>Hexagons</strong>, from tiny penny sizes to larger pieces, for a softer, honeycomb look.</li>
<li><strong>Mixed-stone blends</strong>, where marble, limestone and sometimes slate combine for a multi-coloured effect.</li>
</ul>
<p>As a rule, smaller pieces read as texture from across the room, while larger pieces read as pattern. Bring a sheet home and look at it from the doorway as well as up close.</p>
<h2>Practical points for kitchens</h2>
<p>Behind a hob, splashbacks face heat, grease and splashes of acidic food such as tomato, lemon and vinegar. Marble and limestone mosaics will etch if acids are left on them, so wipe up splashes promptly and seal the mosaic well. Honed finishes hide small etch marks better than polished ones. Check the clearance your hob manufacturer requires between the flame and the wall.</p>
<p>Mosaics have many grout joints, so the grout matters as much as the stone. A flexible cement-based grout in a mid-tone colour hides everyday marks. Sealing the stone before grouting stops pigment staining the edges of the pieces.</p>
<h2>Fixing tips</h2>
<ul>
<li>Use a <strong>white adhesive</strong> for white and pale marble mosaics, applied with a small notched trowel and flattened so it does not squeeze up through the joints.</li>
<li>Align sheets carefully so the joint between sheets matches the joints within them. Mistakes show up immediately in a grid.</li>
<li>Cut through the mesh with a sharp knife to fit around sockets, and use a wet saw for individual pieces.</li>
<li>Finish edges with a stone pencil moulding or a neat metal trim rather than leaving cut edges exposed.</li>
</ul>
<p>Mosaics are lightweight, so they can usually be fixed to sound plasterboard or plaster. Our <a href="/installation">installation guide</a> covers substrate preparation in more detail.</p>
<h2>Caring for your splashback</h2>
<p>Wipe down with a soft cloth and a pH-neutral stone cleaner. Avoid general kitchen sprays and limescale removers, which are often acidic. Reseal every few years, or sooner if water stops beading on the surface.</p>
<p>Browse our mosaics and <a href="/room-type-usage/kitchen-splashback">kitchen splashback tiles</a>, and order a <a href="/samples">sample</a> to see the pattern at full size.</p>`,
  },
  {
    slug: 'chequerboard-revival',
    title: 'The Chequerboard Revival: From Georgian Hallways to Modern Kitchens',
    excerpt:
      'Black and white stone floors have been a British favourite for three centuries. Here is how to plan a chequerboard floor that looks right in your home.',
    publishedAt: '2026-09-29T09:00:00.000Z',
    image: { material: 'marble', colour: 'black', seed: 929 },
    html: `<p>Few floors are as instantly recognisable as black and white chequerboard. It was a favourite of Georgian architects, who laid marble and limestone squares in grand entrance halls, and the Victorians brought it into ordinary terraced houses with encaustic and quarry tiles. Today it is enjoying a strong revival, in kitchens, bathrooms and hallways alike.</p>
<h2>Choosing your stones</h2>
<p>The classic combination is a white or light grey marble, such as Carrara, paired with a black marble such as Nero Marquina, which has striking white calcite veins. For a softer, warmer look, consider:</p>
<ul>
<li>cream limestone with dark grey or charcoal limestone;</li>
<li>white marble with green or grey marble, for a period feel;</li>
<li>tonal pairings, such as two shades of beige limestone, for a subtle pattern that suits smaller rooms.</li>
</ul>
<p>Honed finishes are the practical choice for floors, as they are less slippery when wet and hide fine scratches. Polished finishes give the most dramatic contrast and suit hallways with less water about.</p>
<h2>Size and orientation</h2>
<p>Traditional chequerboard uses squares of around 300mm. Our <a href="/collections/design-pattern-collection/maxi-chequerboard-tiles">maxi chequerboard</a> tiles use larger squares, which create a bolder pattern with fewer joints and work well in open-plan spaces. As a rough guide, the larger the room, the larger the squares can be.</p>
<p>Laying the squares on the diagonal, at 45 degrees to the walls, is the Georgian way and makes a narrow hallway feel wider. A straight lay feels more contemporary and wastes less stone. Allow 15% extra for diagonal layouts rather than the usual 10%.</p>
<h2>Setting out</h2>
<p>A chequerboard makes any error obvious, so careful setting out is essential. Find the centre of the room and plan the layout so that the cut tiles around the edges are equal on opposite sides. In a hallway, centre the pattern on the front door, which is the view people see first. Dry-lay a few rows before you mix any adhesive.</p>
<p>Use a white adhesive under the white tiles to stop any grey showing through. Keep joints narrow and consistent, typically 2-3mm, and choose a mid-grey grout, which sits comfortably between black and white. Seal before grouting so that dark grout pigment cannot stain the white stone.</p>
<h2>Living with it</h2>
<p>Black marble shows dust and etch marks more readily than white, so clean with a pH-neutral stone cleaner and avoid anything acidic. A good doormat will save a great deal of wear. Laid well, a stone chequerboard floor will outlast almost anything else in the house.</p>
<p>Explore our <a href="/collections/design-pattern-collection/chequerboard-tiles">chequerboard tiles</a> or order <a href="/samples">samples</a> of both colours to see them side by side.</p>`,
  },
  {
    slug: 'choosing-a-stone-kitchen-worktop',
    title: 'Choosing a Natural Stone Slab for Your Kitchen Worktop',
    excerpt:
      'Granite, quartzite, marble or limestone? We compare the most popular natural stones for kitchen worktops and explain what to expect from templating to fitting.',
    publishedAt: '2026-09-02T09:00:00.000Z',
    image: { material: 'quartzite', colour: 'white', seed: 902 },
    html: `<p>A natural stone worktop is a centrepiece that no laminate or engineered surface can quite imitate. Every slab is unique, and the right stone will age gracefully for decades. The right choice depends on how you cook, how much maintenance you are happy with and the look you want.</p>
<h2>Comparing the stones</h2>
<table>
<tr><th>Stone</th><th>Strengths</th><th>Things to know</th></tr>
<tr><td>Granite</td><td>Very hard, heat and scratch resistant, not affected by most kitchen acids</td><td>Patterns are usually speckled rather than veined</td></tr>
<tr><td>Quartzite</td><td>Very hard, marble-like veining, resistant to etching</td><td>Check it is true quartzite; some softer stones are sold under the name</td></tr>
<tr><td>Marble</td><td>Classic veining, cool for pastry work</td><td>Etches with lemon, wine and vinegar; develops a patina over time</td></tr>
<tr><td>Limestone</td><td>Soft, warm, natural look</td><td>Porous and acid-sensitive; needs diligent sealing</td></tr>
</table>
<p>If you love the look of marble but worry about etching, a true quartzite or a honed marble, where marks blend into the surface, may be a good compromise. Many people choose marble precisely because of the patina it develops, in the way a butcher's block or copper pan shows its use.</p>
<h2>Thickness and finish</h2>
<p>Worktops are usually 20mm or 30mm thick. 30mm slabs look more substantial and need less support over overhangs, while 20mm slabs suit a slimmer modern look and can be given a thicker appearance with a mitred edge. Expect a 20mm granite worktop to weigh about 55kg per square metre and a 30mm one about 80kg, so your base units must be sound and level.</p>
<p>Polished finishes are the easiest to keep clean and show the colour most strongly. Honed and leathered finishes give a softer look and hide small marks, but can show greasy fingerprints until they are well sealed.</p>
<h2>From slab to kitchen</h2>
<ol>
<li>Choose your slab in person if you can. Veining varies greatly across a block, and you will want to see the one you are buying.</li>
<li>Once your base units are fitted and level, the worktops are templated on site, including sink and hob cut-outs and tap holes.</li>
<li>The stone is cut, edged and polished, and then fitted, typically two to three weeks after templating.</li>
<li>Joints are positioned to suit the slab size and the layout, and are bonded and coloured to blend in.</li>
</ol>
<h2>Looking after a stone worktop</h2>
<p>Seal with an impregnating sealer and reseal when water stops beading. Use trivets for hot pans, as sudden heat can cause thermal shock in any stone, and chopping boards for knives. Clean with a pH-neutral product rather than a general kitchen spray.</p>
<p>See our <a href="/collections/slabs">stone slabs</a> and <a href="/custom-stonework">custom stonework</a> service, or <a href="/contact-us">contact us</a> to arrange a slab viewing.</p>`,
  },
  {
    slug: 'underfloor-heating-with-stone',
    title: 'Underfloor Heating and Natural Stone: A Perfect Partnership',
    excerpt:
      'Stone conducts and stores heat beautifully, making it one of the best floor finishes for underfloor heating. Here is how to get the installation right.',
    publishedAt: '2026-08-12T09:00:00.000Z',
    image: { material: 'limestone', colour: 'cream-yellow', seed: 812 },
    html: `<p>Stone floors have a reputation for feeling cold underfoot, but with underfloor heating they become one of the most comfortable surfaces in the house. Dense stone conducts heat well and stores it, releasing warmth gently and evenly across the room.</p>
<h2>Why stone works so well</h2>
<p>The efficiency of an underfloor heating system depends partly on how easily heat can pass through the floor finish. Carpet and thick timber act as insulators. Stone has a very low thermal resistance, so heat reaches the room quickly and the system can run at a lower water or element temperature, which is good for running costs and especially suits heat pumps.</p>
<h2>Wet or electric?</h2>
<ul>
<li><strong>Wet systems</strong> circulate warm water through pipes set in a screed or in grooved boards. They are usually chosen for whole floors or new builds and are cheap to run.</li>
<li><strong>Electric systems</strong> use thin heating mats or cables laid directly under the tile adhesive. They are easy to retrofit in bathrooms and kitchens. Lay them over insulation boards so the heat goes up into the room rather than down into the subfloor.</li>
</ul>
<h2>Getting the installation right</h2>
<p>Heated floors expand and contract more than unheated ones, so the fixing materials need to cope with movement:</p>
<ul>
<li>Use a <strong>flexible C2 S1 adhesive</strong> and a flexible grout.</li>
<li>Lay tiles on a <strong>solid bed</strong> of adhesive with no voids. Hollow spots create hot and cold patches and are a common cause of cracked tiles.</li>
<li>Consider an <strong>uncoupling membrane</strong>, particularly over new screeds and timber subfloors.</li>
<li>Include <strong>movement joints</strong> around the perimeter and divide large floors into bays, typically of no more than about 40 square metres, in line with the heating layout.</li>
</ul>
<h2>Commissioning and switching on</h2>
<p>A wet system in a new screed should be commissioned before tiling: the heat is raised slowly to help the screed dry, then turned off before fixing begins. During tiling and while the adhesive and grout cure, the heating should stay off, usually for about seven days with standard-setting products. After that, raise the temperature by no more than two or three degrees a day until you reach normal operating temperature. Sudden heat can crack tiles or break the adhesive bond.</p>
<p>Most stone floors are comfortable at a surface temperature in the mid-twenties Celsius. A floor sensor connected to the thermostat prevents overheating; follow your heating manufacturer's maximum settings.</p>
<h2>Which stones to choose?</h2>
<p>Almost any natural stone tile can be used over underfloor heating, from honed limestone to polished marble and slate. Calibrated tiles of consistent thickness make it easier to achieve a solid bed. Thicker stone takes a little longer to warm up but holds the heat longer once it does.</p>
<p>Our <a href="/installation">installation guide</a> has more detail, and our team is happy to advise on <a href="/contact-us">your project</a>.</p>`,
  },
  {
    slug: 'outdoor-paving-frost-resistance',
    title: 'Outdoor Stone Paving and Frost: What British Gardens Need',
    excerpt:
      'Freeze-thaw cycles are tough on patios. Learn what makes stone paving frost resistant and how laying it properly prevents cracked and loose slabs.',
    publishedAt: '2026-07-21T09:00:00.000Z',
    image: { material: 'sandstone', colour: 'beige-brown', seed: 721 },
    html: `<p>British weather asks a lot of garden paving. Long wet spells are followed by sharp frosts, and water that soaks into stone expands by about nine per cent when it freezes. Repeated over many winters, this freeze-thaw action can cause weak or poorly laid stone to flake, crack or lift. Choosing the right stone and laying it correctly makes all the difference.</p>
<h2>What makes stone frost resistant?</h2>
<p>Frost damage depends mainly on how much water a stone absorbs and how its pores are structured. Dense stones such as granite, slate and good-quality sandstone and limestone paving have low water absorption and stand up well to frost. Paving intended for outdoor use should be tested to EN 1341, the European standard for natural stone paving slabs, which includes freeze-thaw resistance, flexural strength and slip resistance.</p>
<p>Internal floor tiles are not always suitable outside, even if they are the same stone. Polished finishes become slippery in the rain, and thinner tiles may not be strong enough. Choose a textured finish such as riven, sawn and sandblasted, flamed or tumbled.</p>
<h2>Lay it on a full bed</h2>
<p>Most frost damage we see is caused by the way the paving was laid rather than by the stone itself. Slabs bedded on a few dabs of mortar have voids underneath where water collects, freezes and pushes the slab up or cracks it. Instead:</p>
<ul>
<li>build a well-compacted sub-base of crushed aggregate, typically 100-150mm deep for a patio;</li>
<li>lay every slab on a <strong>full mortar bed</strong> with no voids;</li>
<li>brush a <strong>bonding primer</strong> onto the back of each slab immediately before laying, which improves adhesion and helps prevent staining from the mortar;</li>
<li>build in a fall of around 1:60 away from the house so water drains off the surface;</li>
<li>keep the finished paving at least 150mm below the damp-proof course.</li>
</ul>
<h2>Joints and pointing</h2>
<p>Leave joints of around 10mm and fill them fully with a good-quality jointing compound or mortar. Open or cracked joints let water into the bed. Resin jointing compounds are quick to apply and resist weeds, but follow the instructions carefully, especially on porous stone, as some need the paving to be wet during application.</p>
<h2>Winter care</h2>
<ul>
<li>Avoid rock salt on natural stone; it can damage the surface as the salty water freezes and crystallises in the pores. Grit sand is a gentler way to improve grip.</li>
<li>Keep paving free of leaves and moss, which hold moisture.</li>
<li>If you use a pressure washer, keep the lance moving and at a distance so you do not erode the surface or blast out the joints.</li>
<li>A breathable impregnating sealer reduces water absorption and makes algae and stains easier to clean.</li>
</ul>
<p>Browse our <a href="/collections/stone-collection/stone-pavers">stone pavers</a> and <a href="/room-type-usage/outdoor">outdoor stone</a>, and ask us for the technical data on any paving you are considering.</p>`,
  },
  {
    slug: 'sealing-natural-stone-101',
    title: 'Sealing Natural Stone 101',
    excerpt:
      'What a stone sealer actually does, which type to choose, and a simple water test that tells you when it is time to reseal.',
    publishedAt: '2026-06-25T09:00:00.000Z',
    image: { material: 'travertine', colour: 'cream-yellow', seed: 625 },
    html: `<p>Sealing is one of the most misunderstood parts of owning natural stone. Some people believe a sealer will make stone bulletproof; others skip it altogether. The truth sits in between: a good sealer is an essential layer of protection, but it works alongside sensible cleaning rather than replacing it.</p>
<h2>What a sealer does</h2>
<p>Most stone is porous. Liquids soak into tiny channels in the surface and, once there, can leave stains that are hard to remove. An impregnating sealer penetrates these pores and lines them with a water- and oil-repellent treatment. Spills then sit on the surface for longer, giving you time to wipe them away.</p>
<p>What a sealer does not do is stop acid etching. Vinegar, lemon juice and many bathroom cleaners react chemically with marble, limestone and travertine, dissolving a tiny layer of the surface and leaving a dull mark. Sealed or not, these stones need pH-neutral cleaners.</p>
<h2>Types of sealer</h2>
<ul>
<li><strong>Impregnating (penetrating) sealers</strong> are invisible once dry and let the stone breathe. They are our recommendation for almost all floors and walls.</li>
<li><strong>Colour-enhancing impregnators</strong> do the same job but deepen the colour, which is popular on slate and tumbled travertine.</li>
<li><strong>Topical coatings</strong> form a film on the surface. They can add sheen but tend to wear unevenly in traffic and need stripping when they fail.</li>
</ul>
<h2>When to seal</h2>
<p>For a new floor or wall, the usual sequence is:</p>
<ol>
<li>fix the tiles and let the adhesive cure and dry;</li>
<li>apply a first coat of sealer before grouting, to protect the surface from grout staining;</li>
<li>grout, clean and let the grout cure;</li>
<li>apply a final coat over the whole area, including the joints.</li>
</ol>
<p>Always apply sealer to clean, dry stone, and buff off any surplus within the time stated on the product. Sealer left to dry on the surface leaves a sticky or patchy film.</p>
<h2>The water drop test</h2>
<p>To find out whether your stone needs sealing or resealing, drip a few drops of water onto the surface in different places and wait a few minutes. If the water beads up and the stone stays the same colour, the seal is doing its job. If the stone darkens as the water soaks in, it is time to seal. You can also test an unsealed offcut with a drop of cooking oil to see how absorbent a stone is before you buy.</p>
<h2>How often?</h2>
<p>It depends on the stone, the finish and the traffic. Busy kitchen floors and showers may need resealing every year or two, while a low-use wall might go five years. Test regularly rather than following a fixed calendar.</p>
<p>Our <a href="/sealing-and-maintenance">sealing and maintenance advice</a> page covers cleaning and resealing in more detail, and you will find sealers and cleaners in our <a href="/collections/stone-collection/tiling-products">tiling products</a>.</p>`,
  },
  {
    slug: 'slate-in-wet-rooms',
    title: 'Why Slate Works So Well in Wet Rooms and Showers',
    excerpt:
      'Naturally dense and textured, slate is a practical and handsome choice for wet rooms. Here is what to look for and how to install it properly.',
    publishedAt: '2026-05-28T09:00:00.000Z',
    image: { material: 'slate', colour: 'grey', seed: 528 },
    html: `<p>Wet rooms demand a floor that is safe underfoot, stands up to constant water and still looks good. Slate ticks all three boxes. It has been used for roofs and floors across Britain for centuries, precisely because it copes so well with water.</p>
<h2>Why slate?</h2>
<ul>
<li><strong>Low water absorption.</strong> Good-quality slate is dense and absorbs very little water compared with limestone or travertine.</li>
<li><strong>Natural grip.</strong> Riven slate has a naturally textured surface that gives better grip underfoot when wet than a polished stone.</li>
<li><strong>Acid tolerance.</strong> Slate is not a calcium-based stone, so it is far less vulnerable to etching from soaps and shampoos than marble.</li>
<li><strong>Hides marks.</strong> Dark greys, blacks and the green and purple tones of some slates disguise water spots and limescale well.</li>
</ul>
<h2>Choosing the right slate</h2>
<p>Slates vary a great deal in quality. Look for <strong>calibrated</strong> tiles, which have been ground to a consistent thickness, as they make it much easier to achieve a flat floor with the gentle falls a wet room needs. Some slates are softer and more prone to flaking, and some contain small deposits of iron pyrite that can rust and leave orange marks when exposed to water. Buy from a supplier who knows the origin of their stone, and inspect tiles before you fix them.</p>
<p>Riven and brushed finishes suit shower floors. Honed slate is smooth and elegant, and is fine for walls and for bathroom floors outside the immediate shower area.</p>
<h2>Installing slate in a wet room</h2>
<ol>
<li><strong>Waterproofing comes first.</strong> The whole wet area must be tanked with a waterproofing system before tiling, with sealing tapes at internal corners and around pipes and the drain.</li>
<li><strong>Build in the fall.</strong> The floor needs a gradual, even fall towards the drain, usually built into a preformed tray or screed, so that water cannot pool.</li>
<li><strong>Smaller tiles help.</strong> Tiles of 300mm or less, or mosaics, follow the falls more easily than large formats.</li>
<li><strong>Fix on a solid bed.</strong> Use a flexible C2 S1 adhesive with full coverage; voids in a shower floor are a common cause of cracked tiles and leaks.</li>
<li><strong>Seal before grouting.</strong> Use an impregnating sealer (a colour-enhancing one if you like the wet look) before grouting and again afterwards.</li>
<li><strong>Use flexible sealant</strong> in internal corners and at changes of plane, not grout.</li>
</ol>
<h2>Keeping it looking good</h2>
<p>Squeegee the floor and walls after showering to reduce limescale. Clean regularly with a pH-neutral stone cleaner, and reseal when water stops beading on the surface. Slate's natural surface texture means a soft brush is often more effective than a mop.</p>
<p>Explore our <a href="/collections/stone-collection/slate-tiles">slate tiles</a> and <a href="/room-type-usage/wet-room">wet room</a> range, and order <a href="/samples">samples</a> to compare finishes.</p>`,
  },
  {
    slug: 'herringbone-layouts',
    title: 'Herringbone Layouts: A Guide to Patterns, Planning and Waste',
    excerpt:
      'Herringbone stone floors add movement and a sense of craftsmanship. We explain the different patterns and how to set out a floor that looks right.',
    publishedAt: '2026-04-30T09:00:00.000Z',
    image: { material: 'marble', colour: 'grey', seed: 430 },
    html: `<p>Herringbone has been used for floors since Roman times, when bricks were laid in zigzags for strength. In stone it brings a sense of movement and craft to a room, and it works as well in a compact bathroom as in a long open-plan kitchen.</p>
<h2>Herringbone, chevron and their variations</h2>
<ul>
<li><strong>Classic herringbone</strong> uses rectangular tiles with square ends. Each tile meets the next at a right angle, producing a stepped zigzag.</li>
<li><strong>Chevron</strong> uses tiles with angled ends that meet in a clean point, creating a continuous V pattern. It needs tiles cut specifically for the purpose.</li>
<li><strong>Double herringbone</strong> lays pairs of tiles side by side for a wider, more relaxed pattern.</li>
</ul>
<p>Herringbone tiles usually have a length three to six times their width. A 300 x 75mm or 300 x 100mm tile gives a fine, busy pattern, while longer planks make a bolder statement in large rooms.</p>
<h2>Which direction?</h2>
<p>The direction of the zigzag changes how a room feels. Running the pattern along the length of a room draws the eye forward and makes narrow spaces such as hallways feel longer. Running it across a room can make it feel wider. The pattern can be laid at 45 degrees to the walls, which is the traditional look, or at 90 degrees for a more contemporary feel.</p>
<h2>Setting out</h2>
<p>Careful setting out is the key to a good herringbone floor:</p>
<ol>
<li>Mark a centre line along the room, aligned with the main view, such as from the doorway.</li>
<li>Dry-lay a run of tiles along this line so that the points of the zigzag sit on it.</li>
<li>Check how the cuts will fall at the walls, doorways and thresholds, and adjust the line if a row of very thin cuts would result.</li>
<li>Work outwards from the centre, checking regularly with a straight edge that the pattern stays true.</li>
</ol>
<p>Small inaccuracies accumulate quickly in herringbone, so consistent joint widths and calibrated tiles are important. Fit a border of straight-laid stone around the edge if you prefer a more formal, framed look.</p>
<h2>Allow more for waste</h2>
<p>Every edge tile in a herringbone floor is cut at an angle, so there is more waste than with a straight lay. We recommend ordering <strong>15% extra</strong> rather than the usual 10%, and a little more in small or irregular rooms.</p>
<h2>Which stones work best?</h2>
<p>Marble gives an elegant, classic herringbone, particularly in honed grey or white. Limestone creates a warm, relaxed floor that suits country homes, while tumbled travertine brings texture and age. Slate herringbone works beautifully in modern kitchens and boot rooms.</p>
<p>Browse our <a href="/collections/design-pattern-collection/herringbone-tiles">herringbone tiles</a> and order a <a href="/samples">full size sample</a> to see the proportions in your room.</p>`,
  },
  {
    slug: 'caring-for-limestone-floors',
    title: 'Caring for Limestone Floors: A Simple Routine That Works',
    excerpt:
      'Limestone is warm, forgiving and timeless, but it needs the right care. Our simple routine keeps limestone floors looking good for decades.',
    publishedAt: '2026-03-26T09:00:00.000Z',
    image: { material: 'limestone', colour: 'cream-yellow', seed: 326 },
    html: `<p>Limestone has been used for floors in British homes and churches for hundreds of years, and many of those floors still look beautiful. Its soft, warm colours suit traditional cottages and modern extensions alike. Like any natural material, though, it lasts best with the right care.</p>
<h2>Understanding limestone</h2>
<p>Limestone is a sedimentary rock made mostly of calcium carbonate, often containing fossil fragments and shells. Two properties shape how you care for it:</p>
<ul>
<li><strong>It is porous,</strong> so it can absorb liquids and stain if it is not sealed.</li>
<li><strong>It is acid-sensitive,</strong> so acidic liquids and cleaners dull or etch the surface.</li>
</ul>
<p>Denser limestones are harder wearing and less absorbent than softer ones. Honed and tumbled finishes are the most common on floors, because they are less slippery and hide wear well.</p>
<h2>Daily and weekly care</h2>
<ol>
<li><strong>Remove grit.</strong> Sweep, vacuum with a soft brush head, or use a dry microfibre mop. Sand and grit carried in on shoes slowly wear the surface.</li>
<li><strong>Mop with a pH-neutral stone cleaner.</strong> Use warm water and a product designed for natural stone. Wring the mop out well; flooding the floor is unnecessary.</li>
<li><strong>Deal with spills quickly.</strong> Blot, do not wipe, so you do not spread the spill, then clean with stone cleaner.</li>
</ol>
<h2>What to avoid</h2>
<ul>
<li>Vinegar, lemon, limescale removers and bleach-based cleaners.</li>
<li>Washing-up liquid and general floor cleaners, which can leave a film that attracts dirt.</li>
<li>Abrasive powders and scouring pads.</li>
<li>Dragging furniture; use felt pads instead.</li>
</ul>
<h2>Sealing and resealing</h2>
<p>New limestone should be sealed with an impregnating sealer before grouting and again after. Test the floor once or twice a year by dripping water onto the surface: if it darkens quickly, reseal. Busy areas such as kitchens and hallways often need resealing every one to two years, while quieter rooms can go longer.</p>
<p>Before resealing, give the floor a deep clean with an intensive stone cleaner recommended by the sealer manufacturer, rinse well and let it dry completely, usually for at least a day.</p>
<h2>Restoring a tired floor</h2>
<p>Over the years, limestone may lose its finish in walkways or pick up etch marks. The good news is that, unlike many floor finishes, stone can be restored. A professional stone restorer can hone the surface with diamond pads to remove etching and light scratches, then reseal it, leaving the floor looking close to new.</p>
<p>For limestone in kitchens, place mats in front of the sink and hob, where drips and splashes are most common. A good entrance mat at every outside door is the single most effective thing you can do to protect a limestone floor.</p>
<p>Find out more in our <a href="/sealing-and-maintenance">sealing and maintenance advice</a>, or browse our <a href="/collections/stone-collection/limestone-tiles">limestone tiles</a>.</p>`,
  },
  {
    slug: 'travertine-filled-vs-unfilled',
    title: 'Travertine Explained: Filled or Unfilled?',
    excerpt:
      'The natural holes in travertine can be filled at the factory or left open. We explain the difference and which to choose for your floor, wall or patio.',
    publishedAt: '2026-02-24T09:00:00.000Z',
    image: { material: 'travertine', colour: 'beige-brown', seed: 224 },
    html: `<p>Travertine is one of the most characterful natural stones. Its warm creams, walnuts and silvers, and its gently layered texture, have been used in buildings since ancient Rome; the Colosseum is largely built from it. One question comes up again and again when customers choose travertine: filled or unfilled?</p>
<h2>Why travertine has holes</h2>
<p>Travertine is a type of limestone formed from calcium carbonate deposited by mineral springs. As the stone forms, gas bubbles and flowing water leave small holes and channels throughout it. When the stone is cut into tiles, these voids appear on the surface.</p>
<h2>Filled travertine</h2>
<p>In filled travertine, the holes are filled at the factory, usually with a cement-based or resin filler coloured to match the stone, before the surface is honed or polished. The result is a smooth, flat surface that is easy to clean.</p>
<ul>
<li>Best for interior floors, kitchens, bathrooms and walls where you want a refined look.</li>
<li>Easier to keep clean because dirt has nowhere to collect.</li>
<li>Over time, some small holes may open up as filler breaks away. This is normal, and they can easily be filled with grout or a stone filler.</li>
</ul>
<h2>Unfilled travertine</h2>
<p>Unfilled travertine leaves the holes open. It is usually tumbled or brushed, giving soft, rounded edges and an aged, rustic look.</p>
<ul>
<li>Best for rustic interiors, feature walls and outdoor use.</li>
<li>Outdoors, the open texture offers extra grip and allows water to drain away.</li>
<li>When grouting indoors, many of the holes will fill naturally with grout. Some installers deliberately fill them during grouting for a smoother floor while keeping the tumbled look.</li>
</ul>
<h2>Which finish for which room?</h2>
<table>
<tr><th>Area</th><th>Our suggestion</th></tr>
<tr><td>Kitchen and hallway floors</td><td>Filled and honed</td></tr>
<tr><td>Bathroom walls and floors</td><td>Filled and honed, or filled and polished for walls</td></tr>
<tr><td>Rustic or country interiors</td><td>Filled or unfilled, tumbled</td></tr>
<tr><td>Patios and pool surrounds</td><td>Unfilled or cement-filled, tumbled or brushed</td></tr>
</table>
<p>For outdoor use, avoid resin-filled travertine in full sun, as some resins can discolour under UV light. Make sure any outdoor travertine is rated for external use and laid on a full bed.</p>
<h2>Caring for travertine</h2>
<p>Like all limestones, travertine is sensitive to acids. Seal it with an impregnating sealer before and after grouting, clean with a pH-neutral stone cleaner, and avoid vinegar, lemon and limescale removers. Both filled and unfilled travertine will last for generations with this care.</p>
<p>Browse our <a href="/collections/stone-collection/travertine-tiles">travertine tiles</a> and order <a href="/samples">samples</a> of both filled and unfilled finishes.</p>`,
  },
  {
    slug: 'choosing-marble-for-a-bathroom',
    title: 'Choosing Marble for Your Bathroom',
    excerpt:
      'Marble brings timeless elegance to a bathroom. Here is how to choose the right marble and finish, and how to keep it looking its best.',
    publishedAt: '2026-01-20T09:00:00.000Z',
    image: { material: 'marble', colour: 'white', seed: 120 },
    html: `<p>Few materials say luxury like a marble bathroom. Cool to the touch, full of movement and light, marble has been used for baths and bathhouses since ancient times. With the right choices it is also perfectly practical for a family bathroom.</p>
<h2>Popular marbles for bathrooms</h2>
<ul>
<li><strong>Carrara:</strong> a white to light grey marble from Tuscany with soft, feathery grey veining. Versatile and generally the most affordable white marble.</li>
<li><strong>Calacatta:</strong> a brighter white background with bolder, more dramatic veining, often in grey and gold tones.</li>
<li><strong>Statuario:</strong> a bright white marble with striking grey veining, prized for feature walls and vanity tops.</li>
<li><strong>Dark and coloured marbles,</strong> such as black marble with white veining, or green, grey and pink varieties, for a bolder scheme.</li>
</ul>
<p>Remember that every marble tile is different. Order <a href="/samples">samples</a> and, where possible, look at several full tiles to see the range of veining.</p>
<h2>Polished or honed?</h2>
<p>Polished marble reflects light and makes colours and veining look their richest. It is ideal for walls, vanity tops and splashbacks. On floors, however, polished marble becomes slippery when wet, so a <strong>honed</strong> or <strong>tumbled</strong> finish is the safer choice, especially in showers and family bathrooms. Many people combine polished walls with a honed floor in the same marble.</p>
<h2>Installation tips</h2>
<ul>
<li>Use a <strong>white, flexible adhesive</strong>. Grey adhesive can show through white marble.</li>
<li>Some marbles, particularly many green varieties, are sensitive to moisture and can warp with slow-setting adhesives. A rapid-setting adhesive reduces this risk.</li>
<li>Tank showers and wet areas before tiling.</li>
<li>Seal the marble before grouting to prevent staining from the grout.</li>
</ul>
<p>Our <a href="/adhevise-grout-advise">adhesive and grout advice</a> explains these points in more detail.</p>
<h2>Living with marble</h2>
<p>Marble is made mostly of calcium carbonate, so acids will etch it, leaving dull marks. In a bathroom, the main culprits are limescale removers, some shower cleaners, and cosmetics such as toners and perfumes. To keep marble looking its best:</p>
<ul>
<li>clean with a pH-neutral stone cleaner;</li>
<li>squeegee shower walls after use to reduce limescale;</li>
<li>keep perfumes and cosmetics on a tray rather than directly on a vanity top;</li>
<li>reseal when water stops beading on the surface.</li>
</ul>
<p>Some people love the soft patina that marble develops over years of use. Others prefer it pristine. Either way, a honed finish and a little care will keep it looking beautiful for decades.</p>
<p>Explore our <a href="/collections/stone-collection/marble-tiles">marble tiles</a> and <a href="/room-type-usage/bathroom">bathroom tiles</a> to start planning.</p>`,
  },
];
